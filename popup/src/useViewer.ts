import { useEffect, useState } from 'react';
import { getResource } from './api';
import type { ViewerData } from './types';

/** Who is looking: null while ViewerResource answers; a failed read counts as a visitor. */
export function useViewer(): ViewerData | null {
  const [viewer, setViewer] = useState<ViewerData | null>(null);
  useEffect(() => {
    getResource('ViewerResource')
      .then(setViewer)
      .catch(() => setViewer({ type: 'UNAUTH' }));
  }, []);
  return viewer;
}
