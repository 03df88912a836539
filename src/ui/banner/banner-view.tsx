// The transient banner (spec §2): blue for information, red for errors; kept while pointed at.
import { Box, Callout } from '@radix-ui/themes';
import { useSelector } from '@xstate/react';
import { selectBanner } from '../../machines/banner/banner.selectors';
import { useConsole } from '../console-context';

export function BannerView() {
  const { banner } = useConsole();
  const shown = useSelector(banner, selectBanner);
  if (!shown) return null;
  return (
    <Box
      position="fixed"
      top="3"
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 10, maxWidth: 'min(640px, 90vw)' }}
    >
      <Callout.Root
        color={shown.tone === 'error' ? 'red' : 'blue'}
        variant="surface"
        role={shown.tone === 'error' ? 'alert' : 'status'}
        onPointerEnter={() => banner.send({ type: 'banner.hold' })}
        onPointerLeave={() => banner.send({ type: 'banner.release' })}
      >
        <Callout.Text>{shown.text}</Callout.Text>
      </Callout.Root>
    </Box>
  );
}
