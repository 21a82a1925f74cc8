import type { ContentType } from '@kanal/contract';
import type { ComponentType, SVGProps } from 'react';
import { Svg as IconFrame } from './icons';

// Kept apart from icons.tsx so that the login screen's chunk does not carry them.
const Svg = (props: SVGProps<SVGSVGElement>) => <IconFrame width="20" height="20" {...props} />;

export function EducationIcon() {
  return (
    <Svg>
      <path d="M2 9l10-5 10 5-10 5z" />
      <path d="M6 11v5c3 2.5 9 2.5 12 0v-5" />
    </Svg>
  );
}

export function PollIcon() {
  return (
    <Svg>
      <path d="M5 20V10M12 20V4M19 20v-7" />
    </Svg>
  );
}

export function InquiryIcon() {
  return (
    <Svg>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
      <path d="M10 10a2 2 0 1 1 3 1.7c-.6.4-1 .8-1 1.5M12 16h.01" />
    </Svg>
  );
}

export function InformationIcon() {
  return (
    <Svg>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5M12 8h.01" />
    </Svg>
  );
}

export function TaskIcon() {
  return (
    <Svg>
      <rect x="4" y="4" width="16" height="17" rx="2" />
      <path d="M9 3h6v3H9zM8.5 13l2.5 2.5 4.5-5" />
    </Svg>
  );
}

const TYPE_ICONS: Record<ContentType, ComponentType> = {
  EDUCATION: EducationIcon,
  POLL: PollIcon,
  INQUIRY: InquiryIcon,
  INFORMATION: InformationIcon,
  TASK: TaskIcon,
};

export function ContentTypeIcon({ type }: { type: ContentType }) {
  const Icon = TYPE_ICONS[type];
  return <Icon />;
}

export function QuestionIcon() {
  return (
    <Svg>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.2M12 17h.01" />
    </Svg>
  );
}

export function ImageIcon() {
  return (
    <Svg>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="M21 17l-5-5-9 8" />
    </Svg>
  );
}

export function VideoIcon() {
  return (
    <Svg>
      <rect x="3" y="5" width="13" height="14" rx="2" />
      <path d="M16 10l5-3v10l-5-3z" />
    </Svg>
  );
}

export function DocumentIcon() {
  return (
    <Svg>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M9 13h6M9 17h6" />
    </Svg>
  );
}

export function ChevronLeftIcon() {
  return (
    <Svg width="24" height="24">
      <path d="M15 18l-6-6 6-6" />
    </Svg>
  );
}

export function ChevronRightIcon() {
  return (
    <Svg width="24" height="24">
      <path d="M9 18l6-6-6-6" />
    </Svg>
  );
}

export function CheckIcon() {
  return (
    <Svg>
      <path d="M5 12.5l4.5 4.5L19 7" />
    </Svg>
  );
}
