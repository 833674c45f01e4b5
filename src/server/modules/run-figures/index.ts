// The run figures (issue 24): every read of the daily rollup of runs, automation_run_daily.
// Ingest writes it (ingest/daily-rollup.service.ts); everything else reads it through here.
export { successRate, moneySavedMinor } from "./rollup-figures";
export {
  automationFiguresSubquery,
  runsPerDayByAutomation,
  countAutomationRuns,
  automationMinutesSaved,
  companyRunsBetween,
  type AutomationsFilter,
} from "./automation-figures";
export {
  monthFigures,
  monthFiguresJson,
  monthFiguresFrom,
  runsByDay,
  runsByDayJson,
  runsByDayFrom,
  weekAgainstWeekBefore,
  clientRunFiguresSubquery,
  clientRunFiguresOf,
  type RunTotals,
} from "./company-figures";
export {
  automationTotalsBetween,
  companyTotalsByDay,
  companyTotalsBetween,
  addTotals,
  runsOf,
  type PeriodTotals,
  type CompanyDays,
} from "./period-figures";
