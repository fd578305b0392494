-- issue 12: a quiz attempt has its number, unique per student and quiz, so that parallel
-- submissions cannot pass the attempt limit (the second insert of a number fails).
ALTER TABLE "attempts" ADD COLUMN "number" integer;
--> statement-breakpoint
UPDATE "attempts" AS a SET "number" = n.rn
  FROM (
    SELECT "id", row_number() OVER (PARTITION BY "user_id", "material_id" ORDER BY "id") AS rn
    FROM "attempts"
  ) AS n
  WHERE a."id" = n."id";
--> statement-breakpoint
ALTER TABLE "attempts" ALTER COLUMN "number" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "attempts_user_material_number_key" ON "attempts" ("user_id", "material_id", "number");
--> statement-breakpoint
-- A row written without its number (tools, imports) takes the next one.
CREATE FUNCTION "attempts_next_number"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."number" IS NULL THEN
    SELECT coalesce(max("number"), 0) + 1 INTO NEW."number" FROM "attempts"
      WHERE "user_id" = NEW."user_id" AND "material_id" = NEW."material_id";
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "attempts_number" BEFORE INSERT ON "attempts" FOR EACH ROW
  EXECUTE FUNCTION "attempts_next_number"();
