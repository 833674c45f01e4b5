-- Every existing company gets UTC, the zone its daily rollup has been kept in so far: its figures
-- stay exactly as they were. A later change of zone rebuilds that company's rollup from its runs.
ALTER TABLE "company" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;
