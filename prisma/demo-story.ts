// The demo world's clinical story, as a psychologist running measurement-based care would see it.
// Alex (the demo client) comes with moderately severe depression and moderate anxiety (fear of
// speaking up at work); over eight weekly sessions of CBT the PHQ-9 falls from 18 to 7 (mild) and the
// GAD-7 from 14 to 6. Jordan's mood worsens instead, and this week's PHQ-9 answers item 9 (thoughts
// of being better off dead) above 0: the alert the care team must see first.
import type { Answers } from "./demo-homework";

/** Alex's PHQ-9 item values, weeks 1 to 8 (totals 18, 17, 15, 13, 11, 9, 8, 7). */
export const ALEX_PHQ9 = [
  [2, 3, 2, 3, 2, 2, 2, 2, 0],
  [2, 3, 2, 2, 2, 2, 2, 2, 0],
  [2, 2, 2, 2, 2, 2, 2, 1, 0],
  [2, 2, 1, 2, 2, 2, 1, 1, 0],
  [1, 2, 1, 2, 1, 2, 1, 1, 0],
  [1, 1, 1, 2, 1, 1, 1, 1, 0],
  [1, 1, 1, 1, 1, 1, 1, 1, 0],
  [1, 1, 1, 1, 1, 1, 1, 0, 0],
];

/** Alex's GAD-7 item values, weeks 1 to 8 (totals 14, 13, 12, 10, 9, 8, 7, 6). */
export const ALEX_GAD7 = [
  [2, 2, 2, 2, 2, 2, 2],
  [2, 2, 2, 2, 2, 2, 1],
  [2, 2, 2, 2, 1, 2, 1],
  [2, 1, 2, 1, 1, 2, 1],
  [1, 1, 2, 1, 1, 2, 1],
  [1, 1, 1, 1, 1, 2, 1],
  [1, 1, 1, 1, 1, 1, 1],
  [1, 1, 1, 1, 0, 1, 1],
];

/** Jordan's PHQ-9, weeks 1 to 3 (totals 12, 14, 17); week 3 answers item 9 with 1 ("several days"). */
export const JORDAN_PHQ9 = [
  [2, 1, 2, 2, 1, 1, 1, 2, 0],
  [2, 2, 2, 2, 1, 2, 1, 2, 0],
  [2, 2, 3, 2, 2, 2, 1, 2, 1],
];

const day = (d: Date) => d.toISOString().slice(0, 10);
const DAY = 24 * 3600 * 1000;
const after = (start: Date, days: number) => day(new Date(start.getTime() + days * DAY));

export const alexHomeworkPlan = (): Answers => ({
  hopes:
    "To enjoy things again and get back to seeing friends at weekends. At work I want to be able to say what I think in meetings instead of staying silent and going over it all evening.",
  when: "Sunday evening and Wednesday after work",
  confidence: 6,
  obstacles: ["energy", "forgetting"],
});

export const alexThoughtRecord = (start: Date): Answers => ({
  date: after(start, 2),
  situation:
    "Tuesday team meeting. I presented the monthly figures and my manager asked two questions I could not answer straight away.",
  emotion: "Ashamed, anxious",
  emotion_before: 80,
  automatic_thought: "Everyone could see I don't know what I'm doing. They'll realise I'm not up to this job.",
  belief_before: 90,
  evidence_for: "I did not know the answer to the second question and had to say I would check. My face went red.",
  evidence_against:
    "My manager said thanks and moved on; she asks everyone questions. I sent the answer within an hour. Last month's review said my reports are reliable. A colleague said the figures were clear.",
  thinking_traps: ["mind_reading", "fortune_telling", "labelling"],
  balanced_thought:
    "Not knowing one answer on the spot is normal; I followed up quickly and my work is generally well received. Feeling embarrassed does not mean others think I am incompetent.",
  belief_after: 35,
  emotion_after: 40,
  learned: "When I feel ashamed I jump to what others think of me. Checking the facts brought the feeling down a lot.",
});

export const alexValues = (start: Date): Answers => ({
  areas: ["friends", "work", "health"],
  values:
    "A friend who stays in touch and turns up. Someone who contributes ideas at work. Looking after my body: moving every day.",
  living: 3,
  small_step: "Message Sam to suggest a walk on Saturday morning",
  step_date: after(start, 5),
});

export const alexActivities = (start: Date): Answers => ({
  activities_planned: 5,
  activities_done: 4,
  activity: "Walk in the park with Sam",
  done_on: after(start, 4),
  mood_before: 3,
  mood_after: 6,
  pleasure: 7,
  mastery: 5,
  noticed:
    "I nearly cancelled because I felt tired, but I felt better during the walk. I skipped the gym on Thursday: I planned it for too late in the evening.",
  next_week:
    "Mon 18:30 cook a proper dinner; Wed 07:30 swim; Thu 19:00 call my brother; Sat 10:00 walk with Sam; Sun 15:00 finish the bookshelf.",
});

export const alexAnxiety = (): Answers => ({
  body_signs: ["heart", "sweat", "tension"],
  anxious_thoughts: "That I will go blank or say something stupid and people will think I'm incompetent.",
  avoidance:
    "I stay quiet in meetings, let others present, prepare my notes for hours and rehearse every sentence. I avoid lunch with the wider team.",
  avoidance_cost: "quite_a_lot",
});

export const alexFearLadder = (start: Date): Answers => ({
  fear: "Speaking up in meetings",
  goal: "Give my views in the weekly team meeting without rehearsing, and present the quarterly review to the department.",
  step_1: "Ask one question in the Monday stand-up",
  step_1_distress: 30,
  step_2: "Have lunch with two colleagues from the team",
  step_2_distress: 40,
  step_3: "Give a short update in the stand-up without notes",
  step_3_distress: 50,
  step_4: "Disagree politely with a suggestion in the team meeting",
  step_4_distress: 65,
  step_5: "Present the monthly figures without rehearsing more than once",
  step_5_distress: 75,
  step_6: "Present to the whole department",
  step_6_distress: 90,
  safety_behaviours: "Rehearsing word for word, reading from notes, avoiding eye contact, holding a coffee cup.",
  first_step: `Step 1, at Monday's stand-up (${after(start, 4)})`,
});

export const alexExposure = (start: Date, week: 7 | 8): Answers =>
  week === 7
    ? {
        date: after(start, 1),
        step: "Ask one question in the Monday stand-up",
        prediction: "My voice will shake and people will think it's a stupid question.",
        distress_before: 50,
        distress_peak: 60,
        distress_end: 20,
        minutes: 15,
        outcome: "no",
        learned: "Two people nodded and my manager answered it properly. My voice was fine. The fear dropped quickly.",
        next: "move_up",
      }
    : {
        date: after(start, 1),
        step: "Give a short update in the stand-up without notes",
        prediction: "I will go blank halfway through.",
        distress_before: 55,
        distress_peak: 65,
        distress_end: 25,
        minutes: 20,
        outcome: "partly",
        learned:
          "I lost my thread for a second, said 'let me check' and carried on. Nobody reacted. I can cope with a pause.",
        next: "repeat",
      };

/** This week's thought record, started but not finished. */
export const alexThoughtRecordInProgress = (start: Date): Answers => ({
  date: after(start, 1),
  situation: "My friend did not reply to my message for two days.",
  emotion: "Sad",
  emotion_before: 60,
});

export const jordanSleep = (start: Date, quality: string): Answers => ({
  night_of: after(start, 1),
  bed_time: "22:30",
  lights_out: "23:15",
  minutes_to_sleep: 60,
  awakenings: 3,
  minutes_awake: 75,
  final_awakening: "05:10",
  out_of_bed: "07:30",
  quality,
  naps: 30,
  factors: ["worry", "screens"],
});

/** This week's sleep diary, started but not finished. */
export const jordanSleepInProgress = (start: Date): Answers => ({
  night_of: after(start, 2),
  bed_time: "22:00",
  lights_out: "23:45",
  minutes_to_sleep: 90,
});

export const rileyPlan = (): Answers => ({
  hopes: "Feel less on edge and sleep through the night.",
  when: "Monday lunchtime",
  confidence: 7,
});
