/**
 * Fixed product-title lists the spec names but does not give (sections 1, 2 and 9).
 * They match the demo catalogue; a shop owner edits them here.
 */
export const MYSTERY_PACK_TITLES = ['15x BASE Cards MYSTERY PACK', '10x ROOKIE Cards MYSTERY PACK'] as const;

/**
 * The LOT page shows only products whose title is in this list (spec section 2): lots of one player,
 * lots of one team, and generic lots. Team and player names match the category data spelling, so a
 * player or team lot can be traced back to its team.
 */
export const LOT_TITLES: readonly string[] = [
  // One player
  'Giannis Antetokounmpo LOT',
  'LeBron James LOT',
  'Stephen Curry LOT',
  'Luka Doncic LOT',
  'Victor Wembanyama LOT',
  'Nikola Jokic LOT',
  'Jayson Tatum LOT',
  'Anthony Edwards LOT',
  'Shai Gilgeous-Alexander LOT',
  'Kevin Durant LOT',
  'Patrick Mahomes LOT',
  'Josh Allen LOT',
  'Lamar Jackson LOT',
  'Joe Burrow LOT',
  'Jalen Hurts LOT',
  'Erling Haaland LOT',
  'Kylian Mbappe LOT',
  'Lamine Yamal LOT',
  'Jude Bellingham LOT',
  'Mohamed Salah LOT',
  'Harry Kane LOT',
  'Kostas Sloukas LOT',
  'Sasha Vezenkov LOT',
  'Evan Fournier LOT',
  'Kendrick Nunn LOT',
  // One team
  'Olympiacos LOT',
  'Panathinaikos LOT',
  'Fenerbahce LOT',
  'Real Madrid LOT',
  'Barcelona LOT',
  'Boston Celtics LOT',
  'Los Angeles Lakers LOT',
  'Golden State Warriors LOT',
  'Milwaukee Bucks LOT',
  'Chicago Bulls LOT',
  'New York Knicks LOT',
  'Miami Heat LOT',
  'San Antonio Spurs LOT',
  'Denver Nuggets LOT',
  'Kansas City Chiefs LOT',
  'Dallas Cowboys LOT',
  'San Francisco 49ers LOT',
  'Philadelphia Eagles LOT',
  'Buffalo Bills LOT',
  'Green Bay Packers LOT',
  'Manchester City LOT',
  'Manchester United LOT',
  'Liverpool LOT',
  'Arsenal LOT',
  'Bayern Munich LOT',
  'Juventus LOT',
  'AC Milan LOT',
  'Paris Saint-Germain LOT',
  // Generic
  'NBA Rookies LOT 10x',
  'NBA Base LOT 20x',
  'NBA Base LOT 50x',
  'NBA Parallels LOT 10x',
  'NBA Numbered LOT 5x',
  'EuroLeague Base LOT 20x',
  'EuroLeague Greek Players LOT 10x',
  'NFL Rookies LOT 10x',
  'NFL Base LOT 20x',
  'NFL Quarterbacks LOT 10x',
  'Premier League Base LOT 20x',
  'La Liga Base LOT 20x',
  'Serie A Base LOT 20x',
  'Bundesliga Base LOT 20x',
  'Ligue 1 Base LOT 20x',
  'Soccer Rookies LOT 10x',
  'Champions League Stars LOT 10x',
  'Refractors LOT 10x',
  'Mixed Sports LOT 30x',
];

/**
 * 'Hot Picks' on the product page (spec section 2): six premium single cards. The seed generator creates
 * each of them, so every title here must name a player of the category data.
 */
export const HOT_PICKS_TITLES: readonly string[] = [
  '2024-25 Panini Prizm Giannis Antetokounmpo #1 Silver PSA 10',
  '2024-25 Panini Prizm LeBron James #23 Gold /10',
  '2024 Donruss Optic Patrick Mahomes #15 Holo PSA 10',
  '2024-25 Topps Chrome UEFA Club Competitions Lamine Yamal #64 Refractor',
  '2024-25 Topps Chrome UEFA Club Competitions Erling Haaland #9 Gold Refractor /50',
  '2024-25 Panini EuroLeague Sasha Vezenkov #14 Gold /10',
];

/** 'Best Value Picks' on the product page: six affordable single cards, also created by the seed. */
export const BEST_VALUE_PICKS_TITLES: readonly string[] = [
  '2024-25 Donruss Optic Stephen Curry #30 Holo',
  '2024-25 Panini EuroLeague Kostas Sloukas #11 Silver',
  '2024-25 Panini EuroLeague Kendrick Nunn #25',
  '2024-25 Panini EuroLeague Evan Fournier #94',
  '2024 Panini Mosaic Patrick Mahomes #120',
  '2024-25 Topps Merlin Chrome UEFA Erling Haaland #33',
];
