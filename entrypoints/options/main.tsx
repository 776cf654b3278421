import '@/assets/styles.css';
import { mount } from '@/src/ui/mount';
import { OptionsApp } from '@/src/ui/options/options-app';

mount(<OptionsApp />, 'optionsTitle');
