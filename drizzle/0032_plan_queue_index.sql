CREATE INDEX "plan_item_queue_idx" ON "plan_item" USING btree ((case "state"
    when 'requested' then 0 when 'approved' then 0 when 'building' then 1 when 'proposed' then 2
    when 'live' then 3 else 4 end),"state_changed_at","id");