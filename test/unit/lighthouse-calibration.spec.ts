import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** scripts/lighthouse-calibration.mjs is an ES module script: asked through a Node of its own. */
function slowdowns(indexes: number[]): number[] {
  const module = join(__dirname, '../../scripts/lighthouse-calibration.mjs');
  const program = `import { calibratedCpuSlowdown } from ${JSON.stringify(module)};
    process.stdout.write(JSON.stringify(${JSON.stringify(indexes)}.map(calibratedCpuSlowdown)));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' }),
  ) as number[];
}

describe("Lighthouse's CPU calibration", () => {
  it("keeps the mobile preset's 4× on a machine of the class it is made for, and on a faster one", () => {
    expect(slowdowns([1500, 1750, 2000, 2870, 10_000])).toEqual([4, 4, 4, 4, 4]);
  });

  it('lowers the slowdown in proportion on a weaker or busier machine, so the simulated phone stays the same', () => {
    // 1,125 is three quarters of 1,500: three quarters of 4×. Lighthouse's own table gives 2× (1–5×) for 1,000–1,500.
    expect(slowdowns([1125, 1050, 750])).toEqual([3, 2.8, 2]);
  });

  it('never simulates a faster phone than the machine itself, and falls back to the preset without a measure', () => {
    expect(slowdowns([300, 100])).toEqual([1, 1]);
    expect(slowdowns([0, -5, Number.NaN])).toEqual([4, 4, 4]);
  });
});
