CREATE TABLE "ops_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_uid" text,
	"actor_email" text NOT NULL,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"reason" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE INDEX "ops_audit_log_at_idx" ON "ops_audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "ops_audit_log_target_idx" ON "ops_audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE FUNCTION ops_audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ops_audit_log_immutable BEFORE UPDATE OR DELETE ON ops_audit_log
  FOR EACH ROW EXECUTE FUNCTION ops_audit_log_refuse_change();--> statement-breakpoint
CREATE TRIGGER ops_audit_log_no_truncate BEFORE TRUNCATE ON ops_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION ops_audit_log_refuse_change();
