import { SessionStore1763683200000 } from './1763683200000-SessionStore';
import { Accounts1763683300000 } from './1763683300000-Accounts';
import { AssistantConversations1763683400000 } from './1763683400000-AssistantConversations';
import { ValueExplorer1763683500000 } from './1763683500000-ValueExplorer';
import { Reflect1763683700000 } from './1763683700000-Reflect';
import { YearCompass1763683800000 } from './1763683800000-YearCompass';
import { Interview1763684200000 } from './1763684200000-Interview';
import { Safety1763684300000 } from './1763684300000-Safety';
import { InterviewMessageKind1763684400000 } from './1763684400000-InterviewMessageKind';
import { InterviewQuestionHelp1763684500000 } from './1763684500000-InterviewQuestionHelp';
import { ReflectionsListKeyset1763684600000 } from './1763684600000-ReflectionsListKeyset';
import { SafetyLevels1763684700000 } from './1763684700000-SafetyLevels';

/**
 * Every migration, in order. Listed explicitly (not globbed) so the same list works from
 * compiled JavaScript and from TypeScript under test; a unit test checks none is missing.
 */
export const MIGRATIONS = [
  SessionStore1763683200000,
  Accounts1763683300000,
  AssistantConversations1763683400000,
  ValueExplorer1763683500000,
  Reflect1763683700000,
  YearCompass1763683800000,
  Interview1763684200000,
  Safety1763684300000,
  InterviewMessageKind1763684400000,
  InterviewQuestionHelp1763684500000,
  ReflectionsListKeyset1763684600000,
  SafetyLevels1763684700000,
];
