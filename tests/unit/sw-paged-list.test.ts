import { describe, expect, it } from 'vitest';
import { samePagedList } from '../../sw/read-rules';

const O = 'https://app.example';
const list = (q: string) => `${O}/api/assignment?${q}`;

describe('[OFFLINE] a list saved with another page size still opens offline', () => {
  it('answers the copy with the same filters and space, the longest one first', () => {
    const keys = [
      list('limit=20&sortBy=default&__space=org1'),
      list('limit=60&sortBy=default&__space=org1'),
      list('limit=80&sortBy=default&__space=org2'),
      list('limit=100&sortBy=A-Z&__space=org1'),
    ];
    expect(samePagedList(keys, list('sortBy=default&limit=40&__space=org1'))).toBe(keys[1]);
  });

  it('never answers another space, other filters or another route', () => {
    const keys = [list('limit=20&sortBy=default&__space=org2'), list('limit=20&status=running&__space=org1')];
    expect(samePagedList(keys, list('limit=40&sortBy=default&__space=org1'))).toBeUndefined();
    expect(samePagedList(keys, list('limit=40&__space=org1'))).toBeUndefined();
    expect(
      samePagedList([`${O}/api/projects?limit=20&__space=org1`], `${O}/api/projects?limit=40&__space=org1`),
    ).toBeUndefined();
  });
});
