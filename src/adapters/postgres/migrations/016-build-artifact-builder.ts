/**
 * Which instance made each shared build (decision 102): its incremental cache is the one that
 * build brought up to date, so that instance builds the next one while it runs.
 */
export const up = `
ALTER TABLE storefront_build_artifacts ADD COLUMN built_by text NOT NULL DEFAULT '';
`;
