import '@/assets/styles.css';
import { mount } from '@/src/ui/mount';
import { PopupApp } from '@/src/ui/popup/popup-app';

mount(<PopupApp />, 'popupTitle');
