/** A figure the benchmark measures, beside the target issue #11 sets for it. */
export type Target = {
  figure: string;
  value: number;
  unit: string;
  /** `max`: the value must stay at or below the target; `min`: at or above. */
  kind: 'max' | 'min';
  target: number;
};

export type TargetRow = { figure: string; measured: string; target: string; verdict: 'PASS' | 'FAIL' };

export function verdict(target: Target): 'PASS' | 'FAIL' {
  if (!Number.isFinite(target.value)) return 'FAIL';
  return target.kind === 'max'
    ? target.value <= target.target
      ? 'PASS'
      : 'FAIL'
    : target.value >= target.target
      ? 'PASS'
      : 'FAIL';
}

const format = (value: number, unit: string) =>
  `${Number.isInteger(value) ? value : value.toFixed(unit === '×' ? 2 : 1)}${unit === '×' ? '×' : ` ${unit}`}`;

export function targetRows(targets: readonly Target[]): TargetRow[] {
  return targets.map((target) => ({
    figure: target.figure,
    measured: Number.isFinite(target.value) ? format(target.value, target.unit) : 'not measured',
    target: `${target.kind === 'max' ? '≤' : '≥'} ${format(target.target, target.unit)}`,
    verdict: verdict(target),
  }));
}
