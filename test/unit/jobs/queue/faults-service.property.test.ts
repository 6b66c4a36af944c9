// The queue under faults (faults-properties.ts): when the service fails each operation, loses its answer
// after it acted, or stores a created report under another path.
import { checkProperties, useFaultClock } from './faults-properties';

useFaultClock();
checkProperties('service');
