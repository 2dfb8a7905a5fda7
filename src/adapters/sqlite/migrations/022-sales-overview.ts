/**
 * The dashboard overview's sales figures (decision 088) read orders by when they were placed:
 * today, this week, this month and the 90 days of the chart are ranges of this index.
 */
export const up = ['CREATE INDEX orders_by_created_at ON orders (created_at)'];
