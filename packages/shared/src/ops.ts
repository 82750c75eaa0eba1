import { z } from 'zod';

/**
 * Who may run PlayOn. Every identity is a `player`; an operator has one more role:
 * `support` (players, feedback, chat moderation, notifications), `finance` (payments, ledger,
 * reconciliation, refunds), `admin` (everything, content and roles included).
 */
export const roles = ['player', 'support', 'finance', 'admin'] as const;
export type Role = (typeof roles)[number];
export const operatorRoles = ['support', 'finance', 'admin'] as const satisfies readonly Role[];
export type OperatorRole = (typeof operatorRoles)[number];

/** The console's areas and the roles that may use each; `admin` may use all of them. */
export const opsAreas = {
  dashboard: ['support', 'finance', 'admin'],
  players: ['support', 'finance', 'admin'],
  money: ['finance', 'admin'],
  content: ['admin'],
  community: ['support', 'admin'],
  audit: ['support', 'finance', 'admin'],
  operators: ['admin'],
  /** Activity, retention, the funnel, money and games in figures: revenue is in them, so not support's. */
  insight: ['finance', 'admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type OpsArea = keyof typeof opsAreas;

/** The OpenAPI tag of a console operation: its area, so the document says who may call it. */
export const opsTag = (area: OpsArea) => `ops:${area}`;
export const areaOfTag = (tag: string): OpsArea | undefined => {
  const area = tag.startsWith('ops:') ? tag.slice(4) : undefined;
  return area && area in opsAreas ? (area as OpsArea) : undefined;
};

export const mayUse = (role: Role | null | undefined, area: OpsArea): boolean =>
  role !== null && role !== undefined && (opsAreas[area] as readonly Role[]).includes(role);

/**
 * The console's actions that change something, each with its area and the roles that may do it (a
 * subset of the area's). Money moves only by finance or an admin, wherever its button is: paying a
 * player's balance out from the Players area is finance's, as refunds are. docs/operations.md has the
 * table; the server checks it on every call and the console hides what a role may not do.
 */
export const opsActions = {
  'player.disable': { area: 'players', roles: ['support', 'finance', 'admin'] },
  'player.enable': { area: 'players', roles: ['support', 'finance', 'admin'] },
  'player.password-reset': { area: 'players', roles: ['support', 'admin'] },
  'player.export': { area: 'players', roles: ['support', 'admin'] },
  'player.pay-out': { area: 'players', roles: ['finance', 'admin'] },
  'player.delete': { area: 'players', roles: ['support', 'admin'] },
  'data-request.record': { area: 'players', roles: ['support', 'admin'] },
  'payment.ask-provider': { area: 'money', roles: ['finance', 'admin'] },
  'payment.refund': { area: 'money', roles: ['finance', 'admin'] },
  'callback.resolve': { area: 'money', roles: ['finance', 'admin'] },
  'statement.upload': { area: 'money', roles: ['finance', 'admin'] },
  'audience.define': { area: 'community', roles: ['support', 'admin'] },
  'audience.broadcast': { area: 'community', roles: ['support', 'admin'] },
  'operator.role': { area: 'operators', roles: ['admin'] },
  'insight.refresh': { area: 'insight', roles: ['finance', 'admin'] },
} as const satisfies Record<string, { area: OpsArea; roles: readonly OperatorRole[] }>;
export type OpsAction = keyof typeof opsActions;

/** The OpenAPI tag of a console action beside its area's, so the document says who may call it. */
export const opsActionTag = (action: OpsAction) => `ops-action:${action}`;
export const actionOfTag = (tag: string): OpsAction | undefined => {
  const action = tag.startsWith('ops-action:') ? tag.slice(11) : undefined;
  return action && action in opsActions ? (action as OpsAction) : undefined;
};

/** Whether `role` may do `action`. */
export const mayDo = (role: Role | null | undefined, action: OpsAction): boolean =>
  role !== null && role !== undefined && (opsActions[action].roles as readonly Role[]).includes(role);

export const opsMessages = {
  forbidden: 'You do not have access to this.',
  /** An action the operator's area allows but their role may not do (a payout asked by support). */
  notForRole: 'This action is not for your role.',
  sessionEnded: 'Your operator session has ended. Please log in again.',
  reasonRequired: 'Please type the reason.',
  userNotFound: 'No player has this e-mail.',
  /** A change that would leave no enabled admin: someone must always be able to give roles. */
  lastAdmin: 'PlayOn needs at least one admin.',
} as const;

/** GET /api/ops/me: the operator signed in. */
export const OperatorSchema = z.object({
  uid: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(operatorRoles),
  /** When this operator session ends (operator sessions are shorter than players'). */
  sessionEndsAt: z.string(),
});
export type Operator = z.infer<typeof OperatorSchema>;

/** A destructive or money action's typed reason: kept in the audit log. */
export const ReasonSchema = z
  .string({ error: opsMessages.reasonRequired })
  .trim()
  .min(3, opsMessages.reasonRequired)
  .max(500, 'Keep the reason under 500 characters.');

/** One line of the audit log. */
export const AuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actorUid: z.string().nullable(),
  actorEmail: z.string(),
  actorRole: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** One posting of a ledger entry, as the console shows it: the account and the signed KES it moved. */
export const LedgerPostingSchema = z.object({
  /** `WALLET` or `SYSTEM`. */
  accountKind: z.string(),
  /** A system account's code (MPESA_CLEARING, PENDING_PAYOUTS, ...), null for a wallet. */
  accountCode: z.string().nullable(),
  /** A wallet's player. */
  ownerUid: z.string().nullable(),
  amount: z.number(),
});

/** A page of a console list: every list is paged and searchable. */
export const PageQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

export const AuditPageSchema = pageOf(AuditEntrySchema);

const NairobiDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose a day.')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00+03:00`)), 'Please choose a day.');

/** The audit log's filters: an investigation's who, what, when and on what. */
const auditFilters = {
  q: z.string().trim().max(200).optional(),
  action: z.string().trim().max(100).optional(),
  /** Part of the operator's e-mail. */
  actor: z.string().trim().max(200).optional(),
  /** From this Nairobi day, and up to that one, both included (YYYY-MM-DD). */
  from: NairobiDaySchema.optional(),
  to: NairobiDaySchema.optional(),
  /** Exactly this target's id (a player's uid, a payment's id). */
  target: z.string().trim().max(200).optional(),
};
const daysInOrder = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || query.from <= query.to;
const daysInOrderIssue = { message: 'The first day must come before the last.', path: ['to'] };
export const AuditFiltersSchema = z.object(auditFilters).refine(daysInOrder, daysInOrderIssue);
export type AuditFilters = z.infer<typeof AuditFiltersSchema>;
export const AuditQuerySchema = PageQuerySchema.extend(auditFilters).refine(daysInOrder, daysInOrderIssue);
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** The audit action of an operator refused an area or action their role may not use. */
export const REFUSED_ACTION = 'operators.refused';

/** What each operator role is for, as the Operators screen describes it before a role is given. */
export const operatorRoleDescriptions: Record<OperatorRole, string> = {
  support:
    "Players' accounts (disable, password reset, data requests), feedback, chat moderation and broadcasts. Moves no money.",
  finance:
    "Payments and money: refunds, payouts of a player's balance, kept M-Pesa callbacks, reconciliation. Sees players, may disable one for fraud.",
  admin: "Everything, content and operators' roles included.",
};

const OperatorEmailSchema = z.email({ error: 'Please enter an e-mail address.' }).trim().toLowerCase();

/** An operator given a role, or a role taken back (`player`). */
export const SetRoleRequestSchema = z.object({
  email: OperatorEmailSchema,
  role: z.enum(roles),
  reason: ReasonSchema,
  /**
   * When no account has the e-mail: create one with a password nobody knows and mail its owner the
   * link to choose one (an invitation). Without it, an unknown e-mail is refused.
   */
  invite: z.boolean().optional(),
});

export const RoleSavedSchema = z.object({
  uid: z.string(),
  role: z.enum(roles),
  /** An account was created and its owner mailed a link to choose a password. */
  invited: z.boolean(),
});

/** GET /api/ops/operators/lookup?email=: who an e-mail is, before a role is given to it. */
export const OperatorLookupQuerySchema = z.object({ email: OperatorEmailSchema });
export const OperatorLookupSchema = z.object({
  email: z.string(),
  /** Null when no account has this e-mail: giving it a role invites its owner. */
  account: z.object({ uid: z.string(), name: z.string(), role: z.enum(roles) }).nullable(),
});
export type OperatorLookup = z.infer<typeof OperatorLookupSchema>;

export const OperatorListItemSchema = z.object({
  uid: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(operatorRoles),
  /** The operator's last sign-in to the console (its first request of a session), null if never. */
  lastSignInAt: z.string().nullable(),
});
