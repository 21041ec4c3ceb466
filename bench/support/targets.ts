/** One target of a bench: what was measured, its limit, and the same-run baseline it is compared with. */
export interface Target {
  name: string;
  value: number;
  /** Met when value <= limit (or < limit when `strict`). */
  limit: number;
  unit: string;
  strict?: boolean;
  /** The bare stack's figure from the same run, printed beside it. */
  baseline?: number;
}

/** Prints each target as met or NOT met beside its baseline; true when every one is met. */
export function reportTargets(targets: Target[]): boolean {
  let all = true;
  for (const { name, value, limit, unit, strict, baseline } of targets) {
    const met = strict ? value < limit : value <= limit;
    all &&= met;
    const beside = baseline === undefined ? '' : ` (bare ${format(baseline, unit)})`;
    console.log(
      `  target ${name}: ${format(value, unit)}${beside}, ${strict ? '<' : '<='} ${format(limit, unit)}: ${met ? 'met' : 'NOT met'}`,
    );
  }
  return all;
}

function format(value: number, unit: string): string {
  return unit === 'x' ? `${value.toFixed(2)} x` : `${value.toFixed(unit === 'ms' ? 1 : 3)} ${unit}`;
}
