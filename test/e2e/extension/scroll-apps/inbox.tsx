/**
 * The inbox page's script: react-window's List in the page's only scroller. Rows render a grey
 * placeholder until their data "arrives": a debounced loader (120 ms after the rows shown last
 * changed, as infinite loaders and mail clients do) fills them in.
 */
import { useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { List, type RowComponentProps } from 'react-window';
import { hex, INBOX, rowColor } from '../scroll-pages';

type RowProps = { loaded: Set<number> };

function Row({ index, style, loaded }: RowComponentProps<RowProps>) {
  return <div style={{ ...style, background: loaded.has(index) ? hex(rowColor(index)) : hex(INBOX.placeholder) }} />;
}

function Inbox() {
  const [loaded, setLoaded] = useState(() => new Set<number>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onRowsRendered = (_visible: unknown, { startIndex, stopIndex }: { startIndex: number; stopIndex: number }) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setLoaded((prev) => {
        const next = new Set(prev);
        for (let i = startIndex; i <= stopIndex; i++) next.add(i);
        return next;
      });
    }, 120);
  };
  return <List rowComponent={Row} rowCount={INBOX.rows} rowHeight={INBOX.rowHeight} rowProps={{ loaded }} overscanCount={1} onRowsRendered={onRowsRendered} style={{ height: '100%' }} />;
}

createRoot(document.getElementById('root')!).render(<Inbox />);
