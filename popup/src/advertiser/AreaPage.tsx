import { ADVERTISER_ROUTES, advertiserLink, type MatchedRoute } from '../../../api/src/advertisers/rules/routes';
import { ProfileChanger } from './ProfileChanger';
import { AreaNav } from '../ui/AreaNav';
import { QuickPromote } from './QuickPromote';
import { MembersPage } from './members/MembersPage';
import { t as tMembers } from './members/messages';
import { t } from './messages';
import type { AdvertiserData } from './types';
import { list } from './useData';
import { AdGroups, Ads, CampaignInsights, Campaigns, EditView } from './CampaignPages';
import { BillingPage, Home, Merchant, Sponsorships, ToolPage } from './AccountPages';

export type { AdvertiserData } from './types';

/** One advertiser page: the profile changer header, the area's navigation, and the page its route names. */
export function AreaPage({ route, search, advertiser }: { route: MatchedRoute; search: URLSearchParams; advertiser: AdvertiserData }) {
  const id = advertiser.id;
  const def = ADVERTISER_ROUTES[route.key];
  const body = (() => {
    switch (route.key) {
      case 'home':
        return <Home id={id} advertiser={advertiser} />;
      case 'campaigns':
        return <Campaigns id={id} search={search} ids={list(search.get('campaignIds'))} />;
      case 'campaignInsights':
        return <CampaignInsights id={id} campaignId={route.params.campaignId!} search={search} />;
      case 'sponsorships':
        return <Sponsorships id={id} />;
      case 'merchant':
        return <Merchant advertiser={advertiser} />;
      case 'members':
        return <MembersPage id={id} />;
      case 'adgroups':
        return <AdGroups id={id} campaignIds={list(search.get('campaignIds'))} adGroupIds={list(search.get('adGroupIds'))} message={search.get('message')} />;
      case 'ads':
        return <Ads id={id} ids={list(search.get('pinPromotionIds'))} />;
      case 'adsEdit':
        return <EditView id={id} view={search.get('view') ?? 'campaign'} search={search} />;
      case 'billing':
      case 'billingHistory':
      case 'billingOrderLines':
        return <BillingPage id={id} routeKey={route.key} campaignId={search.get('campaign_id')} />;
      case 'quickPromote':
        return <QuickPromote advertiser={advertiser} pinId={search.get('pinId')} />;
      default:
        return <ToolPage id={id} title={def.title} params={{ ...route.params, ...Object.fromEntries(search) }} />;
    }
  })();
  return (
    <div class="ads-area">
      <ProfileChanger advertiser={advertiser} />
      <AreaNav
        label={t('navLabel')}
        links={[
          { href: advertiserLink(id, 'home'), text: t('overview') },
          { href: advertiserLink(id, 'campaigns'), text: t('campaigns') },
          { href: advertiserLink(id, 'adgroups'), text: t('adGroups') },
          { href: advertiserLink(id, 'ads'), text: t('ads') },
          { href: advertiserLink(id, 'billing'), text: t('billing') },
          { href: advertiserLink(id, 'sponsorships'), text: t('paidPartnerships') },
          { href: advertiserLink(id, 'merchant'), text: t('website') },
          { href: advertiserLink(id, 'members'), text: tMembers('title') },
          // The pins a business has waiting to publish: a page of the pin builder's, reached from here too.
          { href: '/pin-builder/scheduled/', text: t('scheduledPins') },
        ]}
      >
        <strong>{advertiser.name}</strong>
      </AreaNav>
      <main class="page ads wide">{body}</main>
    </div>
  );
}
