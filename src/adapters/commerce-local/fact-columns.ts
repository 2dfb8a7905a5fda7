import type { Selectable } from 'kysely';
import {
  type CardFacts,
  type Condition,
  type Grader,
  seasonStartYear,
} from '../../domain/card-facts/facts.ts';
import { foldText } from '../../domain/text/fold.ts';
import type { DB } from '../database/schema.ts';

type ProductRow = Selectable<DB['products']>;

/** The product columns that hold a card's facts (migrations 010 and 020). */
export function factColumns(facts: CardFacts) {
  return {
    card_year: facts.year,
    card_year_start: facts.year === null ? null : seasonStartYear(facts.year),
    manufacturer: facts.manufacturer,
    manufacturer_key: facts.manufacturer === null ? null : foldText(facts.manufacturer),
    set_name: facts.set,
    set_key: facts.set === null ? null : foldText(facts.set),
    card_number: facts.cardNumber,
    parallel: facts.parallel,
    rookie: facts.rookie ? 1 : 0,
    autograph: facts.autograph ? 1 : 0,
    patch: facts.patch ? 1 : 0,
    serial_number: facts.serialNumber,
    print_run: facts.printRun,
    grader: facts.grader,
    grade: facts.grade,
    card_condition: facts.condition,
    cert_number: facts.certNumber,
  };
}

/** The columns `factsOfRow` reads (the folded keys and the season's year are for filters only). */
export const FACT_READ_COLUMNS = [
  'card_year',
  'manufacturer',
  'set_name',
  'card_number',
  'parallel',
  'rookie',
  'autograph',
  'patch',
  'serial_number',
  'print_run',
  'grader',
  'grade',
  'card_condition',
  'cert_number',
] as const;

export function factsOfRow(row: Pick<ProductRow, (typeof FACT_READ_COLUMNS)[number]>): CardFacts {
  return {
    year: row.card_year,
    manufacturer: row.manufacturer,
    set: row.set_name,
    cardNumber: row.card_number,
    parallel: row.parallel,
    rookie: row.rookie === 1,
    autograph: row.autograph === 1,
    patch: row.patch === 1,
    serialNumber: row.serial_number,
    printRun: row.print_run,
    grader: row.grader as Grader | null,
    grade: row.grade,
    condition: row.card_condition as Condition | null,
    certNumber: row.cert_number,
  };
}
