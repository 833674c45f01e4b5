import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { ZPlanCommentRequest, type TPlanCommentRequest } from "../../../../shared/plan";
import { ReadOnlyNote, useReadOnly } from "../../../components/layout/read-only";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Textarea } from "../../../components/ui/textarea";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useCommentPlanItem } from "../api/comment-plan-item";
import type { PlanComment } from "../../../../shared/plan";

/** The conversation on an item, and a box to add to it; the other side is told by email. */
export function CommentThread({
  itemId,
  comments,
  side,
}: {
  itemId: string;
  comments: PlanComment[];
  side: "client" | "staff";
}) {
  const mutation = useCommentPlanItem(side, itemId);
  const readOnly = useReadOnly();
  const form = useForm<TPlanCommentRequest>({
    resolver: zodResolver(ZPlanCommentRequest),
    defaultValues: { body: "" },
  });
  const submit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => {
        form.reset();
        toast.success(side === "client" ? "Sent. We will get back to you soon." : "Sent; the client is told by email.");
      },
    }),
  );
  return (
    <div className="flex flex-col gap-4">
      {comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {side === "client" ? "No comments yet. Ask us anything about this item." : "No comments yet."}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {comments.map((comment) => (
            <li
              key={comment.id}
              className={cn("rounded-lg border p-3 text-sm", comment.side === side ? "bg-accent/40" : "bg-card")}
            >
              <p className="text-xs text-muted-foreground">
                <span className="font-medium text-foreground">{comment.authorName}</span>
                {comment.side === "staff" ? " (Cogwork)" : side === "staff" ? " (client)" : ""} ·{" "}
                {formatDateTime(comment.createdAt)}
              </p>
              <p className="mt-1 whitespace-pre-wrap">{comment.body}</p>
            </li>
          ))}
        </ul>
      )}
      {readOnly ? (
        <ReadOnlyNote action="Commenting" />
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-2" aria-label="Write a comment">
          {mutation.isError ? <Alert tone="error">{mutation.error.message}</Alert> : null}
          <FormField label="Your comment" error={form.formState.errors.body?.message}>
            {(field) => <Textarea {...field} rows={3} maxLength={2000} {...form.register("body")} />}
          </FormField>
          <Button type="submit" size="sm" className="self-start" disabled={mutation.isPending}>
            {mutation.isPending ? "Sending..." : "Send comment"}
          </Button>
        </form>
      )}
    </div>
  );
}
