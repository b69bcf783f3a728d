import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bnMessages as bn } from '../../../shared/messages.bn.ts';
import { messages } from '../../../shared/messages.ts';
import { loadPageWords, setLocale, t } from '../../lib/i18n.ts';
import { LoadMoreButton, type PagedQuery } from './load-more-button.tsx';

const query = (state: Partial<PagedQuery> = {}): PagedQuery => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  error: null,
  fetchNextPage: () => Promise.resolve(),
  ...state,
});

describe('Load more', () => {
  it("speaks the page's language: the button, its name for screen readers, the wait and the failure", async () => {
    setLocale('bn');
    await loadPageWords();
    try {
      const { rerender } = render(<LoadMoreButton query={query()} noun={t.nounProducts} />);
      expect(screen.getByRole('button', { name: bn.loadMoreOf(bn.nounProducts) })).toHaveTextContent(
        bn.loadMore,
      );
      rerender(<LoadMoreButton query={query({ isFetchingNextPage: true })} noun={t.nounProducts} />);
      expect(screen.getByRole('button', { name: bn.loadingMoreOf(bn.nounProducts) })).toHaveTextContent(
        bn.loadingEllipsis,
      );
      rerender(
        <LoadMoreButton
          query={query({ isFetchNextPageError: true, error: new Error(messages.tryAgain) })}
          noun={t.nounProducts}
        />,
      );
      expect(screen.getByRole('alert')).toHaveTextContent(bn.couldNotLoadMore(bn.nounProducts, bn.tryAgain));
    } finally {
      setLocale('en');
    }
  });

  it('says nothing when the server named no next page', () => {
    render(<LoadMoreButton query={query({ hasNextPage: false })} noun={messages.nounOrders} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
