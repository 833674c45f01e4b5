/** How a run's reports combine, for the API reference (Markdown). */
export const RUN_LIFECYCLE = `Idempotent on \`externalRunId\`. A run may be reported more than once under one id:

1. optionally \`running\` when it starts (answered 201; it shows as the automation's last run, in progress, and is not counted yet);
2. then once with its final status, \`success\`, \`failed\` or \`skipped\`, with its finish time, items and error (answered 200 with \`finished: true\`; counted now, in the day it started).

A run reported final straight away is stored and counted at once (201). The same status again is a harmless duplicate (200, \`duplicate: true\`, counted once). A final status is final: \`running\` or another final status afterwards is answered 409 with the run as stored.

**n8n**: an HTTP Request node at the start of the workflow posts \`{"externalRunId": "{{$execution.id}}", "status": "running", "startedAt": "{{$now.toISO()}}"}\`; an HTTP Request node at the end posts the same id with \`"status": "success"\`, \`"finishedAt"\` and \`"itemsProcessed"\`, and the error workflow (an Error Trigger node) posts \`{{$json.execution.id}}\` with \`"status": "failed"\` and \`{{$json.execution.error.message}}\`.

**Make**: an HTTP module first in the scenario posts the scenario's execution ID (a system variable) as \`externalRunId\` with \`"status": "running"\` and \`"startedAt": "{{now}}"\`; one last in the scenario posts the same id with \`"status": "success"\`; an error handler route on the failing module posts it with \`"status": "failed"\` and the error's message.`;
