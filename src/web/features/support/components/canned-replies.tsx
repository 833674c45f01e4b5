import { useId, useState } from "react";
import { toast } from "sonner";
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
import { useDeleteCannedReply } from "../api/delete-canned-reply";
import { useCannedReplies } from "../api/list-canned-replies";
import { useSaveCannedReply } from "../api/save-canned-reply";

/** Staff: put a saved reply in the box, save the box's text for the team, or delete a saved reply. */
export function CannedReplyPicker({ current, onPick }: { current: string; onPick: (body: string) => void }) {
  const ids = { pick: useId(), title: useId() };
  const replies = useCannedReplies(true);
  const save = useSaveCannedReply();
  const remove = useDeleteCannedReply();
  const [picked, setPicked] = useState("");
  const [title, setTitle] = useState("");
  const [confirming, setConfirming] = useState(false);
  const list = replies.data?.replies ?? [];
  const chosen = list.find((reply) => reply.id === picked);
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-dashed p-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={ids.pick} className="text-sm font-medium">
            Canned replies
          </label>
          <NativeSelect id={ids.pick} value={picked} onChange={(event) => setPicked(event.target.value)}>
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
          <Dialog open onOpenChange={(open) => setConfirming(open)}>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>Delete the canned reply “{chosen.title}”?</DialogTitle>
                <DialogDescription>The whole team loses it. Replies already sent keep their text.</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
                <Button
                  type="button"
                  variant="destructive"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(chosen.id, {
                      onSuccess: () => {
                        setPicked("");
                        setConfirming(false);
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
        ) : null}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={ids.title} className="text-sm font-medium">
            Save the reply below as
          </label>
          <Input id={ids.title} value={title} maxLength={255} onChange={(event) => setTitle(event.target.value)} />
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
    </div>
  );
}
