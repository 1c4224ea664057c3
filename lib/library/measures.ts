// The standard measures the library ships, one file each under measures/ (items in English and
// French, scoring and source as their manuals give them).
import { GAD7 } from "./measures/gad7";
import { PCL5 } from "./measures/pcl5";
import { PHQ9 } from "./measures/phq9";
import { WHO5 } from "./measures/who5";

export { GAD7, PCL5, PHQ9, WHO5 };

export const MEASURES = [PHQ9, GAD7, WHO5, PCL5];
