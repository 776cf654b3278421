import '@/assets/styles.css';
import { mount } from '@/src/ui/mount';
import { FirstRunApp } from '@/src/ui/firstrun/first-run-app';

mount(<FirstRunApp />, 'firstRunTitle');
