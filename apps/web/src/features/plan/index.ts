/** The plan to the exam date's public face: today's plan, shown on the dashboard. */
export { TodayPlan } from './components/today-plan';
