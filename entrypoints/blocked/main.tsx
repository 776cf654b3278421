import '@/assets/styles.css';
import { mount } from '@/src/ui/mount';
import { BlockedApp } from '@/src/ui/blocked/blocked-app';

mount(<BlockedApp />, 'headline_generic');
