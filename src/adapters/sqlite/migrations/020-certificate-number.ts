/**
 * A graded card's certificate number (the grader's number on the slab's label), one more card-fact
 * column beside those of migration 010. Text, since a BGS number keeps its leading zeros; no index,
 * since no filter reads it. Existing products get none (NULL).
 */
export const up = ['ALTER TABLE products ADD COLUMN cert_number TEXT'];
