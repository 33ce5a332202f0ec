import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import type { TCollection } from '../../../shared/contract/collections';
import { Menu, type MenuItem } from '../../../ui/Menu';
import { space } from '../../../ui/space';
import { confirmDialog, toastSuccess } from '../../../ui/surfaces';
import { deleteCollection } from '../collections.store';
import { CollectionDialog } from './CollectionDialog';
import { CopyToOrgDialog } from './CopyToOrgDialog';
import '../flow-list.css';

/** The collection's more-menu: Edit and Copy for owners and admins, Delete for the owner (spec 03 §6). */
export function CollectionMenu({ collection }: { collection: TCollection }) {
  const { t } = useTranslation('navbar');
  const { orgCode } = useSnapshot(space);
  const [, navigate] = useLocation();
  const [open, setOpen] = useState<'edit' | 'copy' | null>(null);
  const manage = collection.role === 'owner' || collection.role === 'admin';

  const remove = async () => {
    const ok = await confirmDialog({
      title: t('collections.deleteTitle'),
      message: t('collections.deleteMessage', { name: collection.name, count: collection.flowsCount }),
      confirmLabel: t('common:actions.delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteCollection(collection._id);
      toastSuccess(t('collections.toast.deleted'));
      navigate(`/${orgCode}/collections`, { replace: true });
    } catch {
      // The api-client showed why.
    }
  };

  // Actions the caller may not take are left out rather than shown greyed.
  const items: MenuItem[] = [];
  if (manage) {
    items.push({ key: 'edit', label: t('collections.edit'), onSelect: () => setOpen('edit') });
    items.push({ key: 'copy', label: t('collections.copyToOrg'), onSelect: () => setOpen('copy') });
  }
  if (collection.role === 'owner') {
    items.push(
      { key: 'sep', separator: true },
      { key: 'delete', label: t('common:actions.delete'), onSelect: () => void remove() },
    );
  }
  if (items.length === 0) return null;
  return (
    <>
      <div className="more-menu">
        <Menu label={t('collections.more')} trigger={<span aria-hidden="true">⋯</span>} items={items} />
      </div>
      {open === 'edit' && <CollectionDialog editing={collection} onClose={() => setOpen(null)} />}
      {open === 'copy' && <CopyToOrgDialog collection={collection} onClose={() => setOpen(null)} />}
    </>
  );
}
