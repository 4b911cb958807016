import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';

import { cssVariablesResolver, theme } from './theme';

interface ProvidersProps {
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and its hiding of dropdowns whose anchor jsdom cannot lay out. */
  env?: 'default' | 'test';
}

export function Providers({ children, env = 'default' }: ProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      {children}
    </MantineProvider>
  );
}
