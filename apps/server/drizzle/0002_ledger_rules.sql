-- The ledger's rules, enforced by the database whatever the code does (ADR 0007).
-- Entries and postings are immutable: a correction is a reversing entry.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_immutable BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER postings_immutable BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER postings_no_truncate BEFORE TRUNCATE ON postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- Every entry's postings sum to zero, checked at commit, once all of an entry's postings are in.
CREATE FUNCTION ledger_check_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE total numeric;
BEGIN
  SELECT coalesce(sum(amount), 0) INTO total FROM postings WHERE entry_id = NEW.entry_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance: its postings sum to %', NEW.entry_id, total USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry_balanced();
--> statement-breakpoint
-- A player wallet's cached balance moves with each posting in the same transaction; the CHECK
-- (balance >= 0) on wallets then refuses anything that would overdraw it.
CREATE FUNCTION ledger_apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id AND kind = 'WALLET';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER postings_apply AFTER INSERT ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_posting();
--> statement-breakpoint
INSERT INTO ledger_accounts (kind, code) VALUES
  ('SYSTEM', 'MPESA_CLEARING'), ('SYSTEM', 'CARD_CLEARING'), ('SYSTEM', 'AIRTIME_CLEARING'),
  ('SYSTEM', 'PENDING_PAYOUTS'), ('SYSTEM', 'WITHDRAWAL_FEES'), ('SYSTEM', 'SUBSCRIPTION_REVENUE'),
  ('SYSTEM', 'PRIZES'), ('SYSTEM', 'PROMOTIONS');
--> statement-breakpoint
INSERT INTO payment_methods (id, code, name, available) VALUES
  (1, 'WALLET', 'Wallet', true), (2, 'MPESA', 'M-Pesa', true), (3, 'CARD', 'Card', true),
  (4, 'SAFARICOM_CREDIT', 'Safaricom airtime', true), (5, 'PAYPAL', 'PayPal', false);
