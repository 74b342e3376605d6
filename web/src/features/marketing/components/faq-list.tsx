import { Collapse } from 'antd';
import type { ReactNode } from 'react';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/** Questions that open to their answer, one at a time or several; keyboard-usable (antd Collapse). */
export function FaqList({ items, idPrefix }: { items: readonly FaqItem[]; idPrefix: string }) {
  return (
    <Collapse
      items={items.map((item, index) => ({
        key: `${idPrefix}-${index}`,
        label: <h3 style={{ margin: 0, fontSize: 16, fontWeight: 500 }}>{item.question}</h3>,
        children: <div style={{ lineHeight: 1.6 }}>{item.answer}</div>,
      }))}
    />
  );
}
