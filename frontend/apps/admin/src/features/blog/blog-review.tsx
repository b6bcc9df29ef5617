import {
  type BlogPost,
  useReviewBlogPost,
  useSubmitBlogPostForReview,
} from '@atelier/api-client/api';
import { ConfirmDialog } from '@atelier/ui/confirm-dialog';
import { useId, useState } from 'react';
import { useAllowed } from '@/kit/permissions';
import type { FormActionProps } from '@/kit/resource';
import { shortDateTime } from '@/kit/values';
import { useSession } from '@/lib/session/use-session';

export const REVIEW_MESSAGES = {
  submitted: 'Post submitted for review.',
  published: 'Post published.',
  sentBack: 'Post sent back to its writer.',
  noteRequired: 'A note for the writer is required',
};

const button =
  'rounded-lg px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';

/** Roles that write posts and have them reviewed rather than publishing themselves. */
const WRITERS = ['author', 'contributor'];

/**
 * Where the post stands in review, above its fields: the note it was sent back with (until it is
 * resubmitted), or that it waits for an Editor.
 */
export function ReviewNotice({ row }: { row: BlogPost }) {
  if (row.reviewNote) {
    return (
      <div
        role="alert"
        className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      >
        <p className="font-semibold">
          Sent back by {row.reviewNote.by.name}: {row.reviewNote.text}
        </p>
        <p className="mt-1 text-xs text-amber-800">
          {shortDateTime(row.reviewNote.at)}. Change the post, then submit it for review again.
        </p>
      </div>
    );
  }
  if (row.status !== 'in_review') return null;
  return (
    <div
      role="status"
      className="rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900"
    >
      <p className="font-semibold">In review: waiting for an Editor</p>
      <p className="mt-1 text-xs text-blue-800">
        Submitted {shortDateTime(row.submittedAt)} by {row.createdBy?.name ?? row.authorName}. An
        Editor publishes it or sends it back with a note.
      </p>
    </div>
  );
}

/**
 * The review buttons of a post's form. A writer (Author, Contributor) submits their draft for
 * review; an Editor, Administrator or the Owner publishes a post in review or sends it back with
 * a note (asked for in a dialog). Each saves the form first.
 */
export function ReviewActions({ row, busy, saveThen }: FormActionProps<BlogPost>) {
  const role = useSession().user?.role ?? '';
  const mayDecide = useAllowed('reviewBlogPost');
  const maySubmit = useAllowed('submitBlogPostForReview', row ?? { createdBy: null });
  const submitted = useSubmitBlogPostForReview();
  const review = useReviewBlogPost();
  const [note, setNote] = useState<string | null>(null);
  const [noteError, setNoteError] = useState('');
  const noteId = useId();

  // A new post is the writer's own: the server checks the submission once it exists.
  const writersDraft =
    WRITERS.includes(role) && (row === undefined || (row.status === 'draft' && maySubmit));
  const decide = (decision: 'publish' | 'send_back', text?: string) =>
    saveThen(async (saved) => {
      await review.mutateAsync({
        id: saved._id,
        data: { decision, note: text, version: saved.version },
      });
      return decision === 'publish' ? REVIEW_MESSAGES.published : REVIEW_MESSAGES.sentBack;
    });

  if (writersDraft) {
    return (
      <button
        type="button"
        disabled={busy}
        onClick={() =>
          void saveThen(async (saved) => {
            await submitted.mutateAsync({ id: saved._id, data: { version: saved.version } });
            return REVIEW_MESSAGES.submitted;
          })
        }
        className={`${button} border border-blue-600 bg-white text-blue-700 hover:bg-blue-50`}
      >
        Submit for review
      </button>
    );
  }
  if (row?.status !== 'in_review' || !mayDecide) return null;
  const sendBack = async () => {
    const text = note?.trim() ?? '';
    if (!text) {
      setNoteError(REVIEW_MESSAGES.noteRequired);
      return;
    }
    // A failure shows in the form, as a failed save does.
    await decide('send_back', text);
    setNote(null);
  };
  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          setNoteError('');
          setNote('');
        }}
        className={`${button} border border-amber-500 bg-white text-amber-800 hover:bg-amber-50`}
      >
        Send back
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={() => void decide('publish')}
        className={`${button} bg-green-600 text-white hover:bg-green-700`}
      >
        Publish
      </button>
      <ConfirmDialog
        open={note !== null}
        title="Send back to the writer"
        tone="primary"
        confirmLabel="Send back"
        busyLabel="Sending back…"
        busy={busy}
        error={noteError}
        message={
          <>
            <span className="block">
              The post goes back to draft. Say what to change: the writer reads it in the post.
            </span>
            <label htmlFor={noteId} className="mt-3 block font-medium text-gray-700">
              Note for the writer
            </label>
            <textarea
              id={noteId}
              rows={4}
              value={note ?? ''}
              onChange={(event) => setNote(event.target.value)}
              className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-gray-900"
            />
          </>
        }
        onConfirm={() => void sendBack()}
        onCancel={() => setNote(null)}
      />
    </>
  );
}
