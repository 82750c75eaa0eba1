-- A posting's account is checked by the trigger that applies it, without the foreign key's KEY SHARE
-- lock: every withdrawal posts to the PENDING_PAYOUTS row, and concurrent lockers of one row made each
-- a MultiXact of all the others (ADR 0042). Accounts are never deleted, nor their ids
-- changed, so an account seen at the posting's insert stays: what the foreign key guaranteed.
CREATE OR REPLACE FUNCTION ledger_apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id AND kind = 'WALLET';
  IF NOT FOUND AND NOT EXISTS (SELECT 1 FROM ledger_accounts WHERE id = NEW.account_id) THEN
    RAISE EXCEPTION 'posting to unknown ledger account %', NEW.account_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
ALTER TABLE "postings" DROP CONSTRAINT "postings_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_kept BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_id_kept BEFORE UPDATE OF id ON ledger_accounts
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
