import { useEffect, useState } from 'react';
import { getResource } from '../api';
import { noticeSegments, type Notice as NoticeModel } from '../../../api/src/advertisers/rules/notices';

interface AdvisoryData {
  severity: 0 | 1 | 2;
  advisory_type: string;
  notice: NoticeModel;
}

/** Only links the product may send people to: our own paths and http(s). */
const safeLink = (link: string) => (/^\/(?!\/)/.test(link) || /^https?:\/\//.test(link) ? link : null);

/** An advisory or sensitivity notice for a pin or a search term, when one is attached. */
export function Notice({ pinId, searchTerm }: { pinId?: string; searchTerm?: string }) {
  const [data, setData] = useState<AdvisoryData | null>(null);
  useEffect(
    () => void getResource('AdvisoryNoticeResource', pinId ? { pin_id: pinId } : { search_term: searchTerm ?? '' }).then(setData, () => setData(null)),
    [pinId, searchTerm],
  );
  if (!data) return null;
  const { notice } = data;
  return (
    <aside class={`notice ${notice.style}`} role="note" aria-label={notice.title}>
      <strong>{notice.title}</strong>
      <p>
        {noticeSegments(notice.description.text, notice.description.textTags).map((s, i) => {
          const href = s.link && safeLink(s.link);
          return href ? (
            <a key={i} href={href} rel="noopener noreferrer">
              {s.text}
            </a>
          ) : (
            <span key={i}>{s.text}</span>
          );
        })}
      </p>
      {notice.actions.map((a) => {
        const href = safeLink(a.link);
        return (
          href && (
            <a key={a.text} class="secondary" href={href} rel="noopener noreferrer">
              {a.text}
            </a>
          )
        );
      })}
    </aside>
  );
}
