import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { toast } from 'react-toastify';
import {
  DEFAULT_AVATAR_URL,
  RATING_MAX,
  RATING_MIN,
  REVIEW_MESSAGE_MAX,
} from '../../../../shared/constants.ts';
import { count, t, translate } from '../../../lib/i18n.ts';
import { reviewInputSchema } from '../../../../shared/schemas/review.schema.ts';
import { useAuth } from '../../../lib/auth-provider.tsx';
import { paths } from '../../../../shared/paths.ts';
import { useAddReview } from '../api/add-review.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { BusyButton } from '../../../components/ui/busy-button.tsx';

/**
 * Write a Review (spec section 2): read-only name, rating 1 to 5 and a comment of at most
 * 150 characters, with the spec's two messages (section 5). The call carries the account's
 * name and avatar as the spec's payload does; the server writes the review under its own
 * record of both.
 */
export default function AddReviewPage() {
  const id = useId();
  const [, navigate] = useLocation();
  const { account } = useAuth();
  const addReview = useAddReview();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: { message: '' },
  });
  const length = (useWatch({ control, name: 'message' }) ?? '').length;

  const onSubmit = handleSubmit(async ({ rating, message }) => {
    try {
      // Spec section 7: name and avatar of the signed-in account (the generic blank image when
      // it has no photo, as in the user sync of section 3), then the comment and rating.
      await addReview.mutateAsync({
        name: account?.displayName ?? '',
        avatar: account?.photoURL ?? DEFAULT_AVATAR_URL,
        message,
        rating,
      });
      toast.success(t.reviewAdded);
      navigate(paths.home);
    } catch (error) {
      toast.error(translate((error as Error).message));
    }
  });

  return (
    <section aria-labelledby={`${id}-title`} className="max-w-xl">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t.writeAReview}
      </h2>
      <p className="mt-1 text-sm text-base-content/70">{t.reviewIntro}</p>
      <form
        noValidate
        onSubmit={onSubmit}
        className="card mt-6 grid gap-5 border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6"
      >
        <TextField id={`${id}-name`} label={t.name} value={account?.displayName ?? ''} readOnly />
        <TextField
          id={`${id}-rating`}
          label={t.rating}
          error={errors.rating?.message}
          hint={t.fromTo(count(RATING_MIN), count(RATING_MAX))}
          type="number"
          inputMode="numeric"
          min={RATING_MIN}
          max={RATING_MAX}
          step={1}
          {...register('rating', { valueAsNumber: true })}
        />
        <TextField
          id={`${id}-message`}
          label={t.comment}
          error={errors.message?.message}
          hint={t.charactersOf(count(length), count(REVIEW_MESSAGE_MAX))}
          rows={5}
          {...register('message')}
        />
        <div>
          <BusyButton className="btn-primary w-full sm:w-auto" busy={addReview.isPending}>
            {t.submit}
          </BusyButton>
        </div>
      </form>
    </section>
  );
}
