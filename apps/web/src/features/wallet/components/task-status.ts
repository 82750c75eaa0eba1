import { type IntentStatus, type TaskMessage, TaskMessageSchema } from '@playon/shared/payments';

/** What the waiting page knows of its task. */
export type TaskState = Pick<TaskMessage, 'status' | 'message'>;

const rank: Record<IntentStatus, number> = {
  PENDING: 0,
  IN_PROGRESS: 1,
  COMPLETED: 2,
  ERROR: 2,
  CANCELLED: 2,
};

/**
 * The newer of two views of a task. Statuses only move forward, so a poll answered before a push
 * (or a push replayed after a reconnect) never takes the page back to waiting.
 */
export function newerTask(current: TaskState | null, next: TaskState): TaskState {
  if (!current) return next;
  if (rank[next.status] > rank[current.status]) return next;
  if (next.status === current.status && next.message !== null) return next;
  return current;
}

/** A /ws message about this page's task, as the server sends it. */
export function isTaskMessage(data: unknown, id: string): data is TaskMessage {
  const parsed = TaskMessageSchema.safeParse(data);
  return parsed.success && parsed.data.id === id;
}
