import '@/assets/styles.css';
import { mount } from '@/src/ui/mount';
import { ReportApp } from '@/src/ui/report/report-app';

mount(<ReportApp />, 'reportTitle');
