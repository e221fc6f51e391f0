ALTER TABLE "social_identities" ADD COLUMN "address_proven" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Links made on a typed address before this column: the account is still unactivated (nobody proved the
-- address yet), or it was activated by an e-mailed link after the link was made (a provider that vouches
-- activates the account as it links). The second kind may be a stranger's way into the owner's account:
-- those links go, with the account's sessions.
UPDATE "social_identities" SET "address_proven" = false
WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "activated_at" IS NULL);--> statement-breakpoint
DELETE FROM "sessions" WHERE "user_id" IN (
	SELECT si."user_id" FROM "social_identities" si JOIN "users" u ON u."id" = si."user_id"
	WHERE u."activated_at" > si."created_at" + interval '1 minute'
);--> statement-breakpoint
DELETE FROM "social_identities" si USING "users" u
WHERE u."id" = si."user_id" AND u."activated_at" > si."created_at" + interval '1 minute';--> statement-breakpoint
ALTER TABLE "social_identities" ALTER COLUMN "address_proven" DROP DEFAULT;
