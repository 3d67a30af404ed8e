import { useEffect, useState } from 'react';
import type { CodeName, LookupList } from './api-types';
import { useBackOffice } from './store';

/**
 * The service's code lists a form needs (states, countries, bank account types...), by name.
 * A list that cannot be read leaves its fields as they are: the value typed is still sent.
 */
export function useCodeLists(names: readonly LookupList[]): Readonly<Record<string, readonly CodeName[]>> {
  const run = useBackOffice((state) => state.run);
  const [lists, setLists] = useState<Record<string, readonly CodeName[]>>({});
  const key = names.join(',');
  useEffect(() => {
    let current = true;
    for (const list of key.split(',').filter(Boolean) as LookupList[]) {
      run('lookups.get', { list })
        .then((codes) => {
          if (current) setLists((before) => ({ ...before, [list]: codes }));
        })
        .catch(() => undefined);
    }
    return () => {
      current = false;
    };
  }, [key, run]);
  return lists;
}
