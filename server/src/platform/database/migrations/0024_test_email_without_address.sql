-- The first-run checklist needs only that a test e-mail got through: the address it went to is not kept.
UPDATE "church_settings" SET "value" = "value" - 'to' WHERE "name" = 'test_email';
