-- The fixed category every product starts in (migration 0004) gets its Bengali name, so Bengali
-- pages stop showing "Uncategorised" in English (docs/decisions/028). A name an admin gave it
-- already stays.
UPDATE "categories" SET "name_bn" = 'শ্রেণিহীন' WHERE "slug" = 'uncategorised' AND "name_bn" IS NULL;
