// The CPU slowdown for Lighthouse's simulated phone on this machine (scripts/lighthouse.mjs --calibrate-cpu).
//
// Lighthouse's mobile preset slows the CPU 4× to turn a high-end desktop (its benchmark index
// 1,500–2,000) into a mid-tier phone. On a weaker or busier machine the same 4× simulates a slower
// phone than that, and Lighthouse's guidance (docs/throttling.md, "Calibrating the CPU slowdown")
// is to lower the multiplier there: its table gives 2× (1–5×) for a low-end desktop (1,000–1,500).
// Below an index of 1,500 the multiplier here falls in proportion to the index, so that the
// simulated phone stays the same; it is never above the preset's 4×, so a machine of the class
// the preset is made for is measured exactly as by default, and never below 1×.

/** The benchmark index from which Lighthouse's 4× applies as it is (the bottom of "high-end desktop"). */
export const CALIBRATION_REFERENCE_INDEX = 1500;
/** The CPU slowdown of Lighthouse's mobile preset. */
export const PRESET_CPU_SLOWDOWN = 4;

/** The CPU slowdown for a machine of `benchmarkIndex`, to one decimal. */
export function calibratedCpuSlowdown(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return PRESET_CPU_SLOWDOWN;
  const scaled = (PRESET_CPU_SLOWDOWN * benchmarkIndex) / CALIBRATION_REFERENCE_INDEX;
  return Math.round(Math.min(PRESET_CPU_SLOWDOWN, Math.max(1, scaled)) * 10) / 10;
}
