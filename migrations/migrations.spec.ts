import { readdirSync } from 'node:fs';
import { MIGRATIONS } from './index';

describe('migrations', () => {
  it('lists every migration file, in timestamp order', () => {
    const files = readdirSync(__dirname)
      .filter((f) => /^\d{13}-\w+\.ts$/.test(f))
      .sort();
    const listed = MIGRATIONS.map((m) => new m().name);
    const expected = files.map((f) => {
      const [, epoch, name] = /^(\d{13})-(\w+)\.ts$/.exec(f) as RegExpExecArray;
      return `${name}${epoch}`;
    });
    expect(listed).toEqual(expected);
  });
});
