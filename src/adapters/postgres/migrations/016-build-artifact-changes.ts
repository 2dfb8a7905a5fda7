/**
 * Shared builds (decision 102), two additions. `built_by`: whose incremental cache made each
 * build, so that instance builds the next one while it runs. `base_id`, `files` and `changes`: a
 * build as the files that changed since the one before (`base_id`), with the hash of every file
 * it holds, so an instance serving that one takes the few changed files instead of the whole
 * folder; `archive`, the whole folder, comes a moment later (null until then), for the others.
 */
export const up = `
ALTER TABLE storefront_build_artifacts
  ADD COLUMN built_by text NOT NULL DEFAULT '',
  ADD COLUMN base_id integer,
  ADD COLUMN files jsonb,
  ADD COLUMN changes bytea,
  ALTER COLUMN archive DROP NOT NULL;
`;
