import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { toast } from "../../../lib/toast";
import { useDeleteCannedReply } from "../api/delete-canned-reply";
import { useCannedReplies } from "../api/list-canned-replies";
import { useSaveCannedReply } from "../api/save-canned-reply";

/** Staff: put a saved reply in the box, save the box's text for the team, or delete a saved reply. */
export function CannedReplyPicker({ current, onPick }: { current: string; onPick: (body: string) => void }) {
  const pickId = useId();
  const replies = useCannedReplies(true);
  const [picked, setPicked] = useState("");
  const [confirming, setConfirming] = useState(false);
  const list = replies.data?.replies ?? [];
  const chosen = list.find((reply) => reply.id === picked);
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-dashed p-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={pickId} className="text-sm font-medium">
            Canned replies
          </label>
          <NativeSelect id={pickId} value={picked} onChange={(event) => setPicked(event.target.value)}>
            <option value="">{list.length ? "Choose a saved reply" : "No saved replies yet"}</option>
            {list.map((reply) => (
              <option key={reply.id} value={reply.id}>
                {reply.title}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!chosen}
          onClick={() => chosen && onPick(chosen.body)}
        >
          Insert
        </Button>
        <Button type="button" variant="ghost" size="sm" disabled={!chosen} onClick={() => setConfirming(true)}>
          Delete {chosen ? `“${chosen.title}”` : "saved reply"}
        </Button>
        {confirming && chosen ? (
          <DeleteReplyDialog
            reply={chosen}
            onOpenChange={setConfirming}
            onDeleted={() => {
              setPicked("");
              setConfirming(false);
            }}
          />
        ) : null}
      </div>
      <SaveAsReply current={current} />
    </div>
  );
}

type CannedReply = NonNullable<ReturnType<typeof useCannedReplies>["data"]>["replies"][number];

function DeleteReplyDialog({
  reply,
  onOpenChange,
  onDeleted,
}: {
  reply: CannedReply;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteCannedReply();
  return (
    <Dialog open onOpenChange={(open) => onOpenChange(open)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete the canned reply “{reply.title}”?</DialogTitle>
          <DialogDescription>The whole team loses it. Replies already sent keep their text.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(reply.id, {
                onSuccess: () => {
                  onDeleted();
                  toast.success("Canned reply deleted.");
                },
              })
            }
          >
            Delete canned reply
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Saves the reply box's text for the whole team, under a title. */
function SaveAsReply({ current }: { current: string }) {
  const titleId = useId();
  const save = useSaveCannedReply();
  const [title, setTitle] = useState("");
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor={titleId} className="text-sm font-medium">
          Save the reply below as
        </label>
        <Input id={titleId} value={title} maxLength={255} onChange={(event) => setTitle(event.target.value)} />
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={!title.trim() || !current.trim() || save.isPending}
        onClick={() =>
          save.mutate(
            { title, body: current },
            { onSuccess: () => (setTitle(""), toast.success("Canned reply saved.")) },
          )
        }
      >
        Save canned reply
      </Button>
    </div>
  );
}
