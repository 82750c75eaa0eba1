ALTER TABLE "tournaments" ADD COLUMN "entries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "entries_removed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "tournaments" t SET "entries" = (SELECT count(*) FROM "tournament_scores" s WHERE s."tournament_id" = t."id");--> statement-breakpoint
CREATE FUNCTION tournament_scores_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tournaments t SET entries = t.entries + n.count
    FROM (SELECT tournament_id, count(*) AS count FROM inserted GROUP BY tournament_id) n
    WHERE t.id = n.tournament_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION tournament_scores_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tournaments t SET entries = t.entries - n.count, entries_removed = t.entries_removed + n.count
    FROM (SELECT tournament_id, count(*) AS count FROM deleted GROUP BY tournament_id) n
    WHERE t.id = n.tournament_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER tournament_scores_inserted AFTER INSERT ON tournament_scores
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION tournament_scores_count_inserted();--> statement-breakpoint
CREATE TRIGGER tournament_scores_deleted AFTER DELETE ON tournament_scores
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION tournament_scores_count_deleted();
