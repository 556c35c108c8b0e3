/** The argument templates and answer readers of trigger-template.ts, alone. */
import t from 'tap';
import { formatSince, readPointer, readTime, renderArguments, templatePlaceholders } from '../../../src/catalog/trigger-template.js';

t.test('renderArguments: a whole placeholder keeps its JSON type, text interpolates, absent and null drop the argument', async (t) => {
  const args = renderArguments(
    {
      properties: '{config.properties}',
      limit: 100,
      filter: [{ value: '{since}', label: 'since {since} for {config.name}' }],
      group: '{config.missing}',
      gone: null,
      id: '{item.id}',
    },
    { since: '1700000000000', config: { properties: ['a', 'b'], name: 'x' }, itemId: '42' },
  );
  t.same(args, { properties: ['a', 'b'], limit: 100, filter: [{ value: '1700000000000', label: 'since 1700000000000 for x' }], id: '42' });
  t.same(
    templatePlaceholders({ a: ['{since}', { b: 'x{config.y}' }], 'c/d': '{item.id}' }),
    [
      { name: 'since', pointer: '/a/0' },
      { name: 'config.y', pointer: '/a/1/b' },
      { name: 'item.id', pointer: '/c~1d' },
    ],
  );
});

t.test('readTime and formatSince: ISO (with Bitly offsets), seconds and milliseconds; exclusive filters get one unit less', async (t) => {
  t.equal(readTime('2026-01-15T10:30:00+0000', 'date-time'), Date.UTC(2026, 0, 15, 10, 30));
  t.equal(readTime('2026-01-15T10:30:00.123Z', 'date-time'), Date.UTC(2026, 0, 15, 10, 30, 0, 123));
  t.equal(readTime('not a date', 'date-time'), undefined);
  t.equal(readTime(1700000000, 'unix-seconds'), 1700000000000);
  t.equal(readTime('1700000000123', 'unix-millis'), 1700000000123);
  t.equal(readTime('', 'unix-millis'), undefined);
  const mark = Date.UTC(2026, 0, 15, 10, 30, 0, 500);
  t.equal(formatSince(mark, { format: 'unix-millis', exclusive: false }), String(mark));
  t.equal(formatSince(mark, { format: 'unix-seconds', exclusive: true }), String(Math.floor(mark / 1000) - 1));
  t.equal(formatSince(mark, { format: 'date-time', exclusive: true }), '2026-01-15T10:30:00.499Z');
});

t.test('readPointer: RFC 6901 paths, arrays by index, nothing inherited', async (t) => {
  const doc = { a: { 'b/c': [{ d: 1 }] }, 'm~n': 2 };
  t.equal(readPointer(doc, '/a/b~1c/0/d'), 1);
  t.equal(readPointer(doc, '/m~0n'), 2);
  t.equal(readPointer(doc, ''), doc);
  t.equal(readPointer(doc, '/a/b~1c/01'), undefined);
  t.equal(readPointer(doc, '/toString'), undefined);
});
