import BeachAccessOutlined from '@mui/icons-material/BeachAccessOutlined';
import Diversity3Outlined from '@mui/icons-material/Diversity3Outlined';
import FamilyRestroomOutlined from '@mui/icons-material/FamilyRestroomOutlined';
import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SelfImprovementOutlined from '@mui/icons-material/SelfImprovementOutlined';
import SpaOutlined from '@mui/icons-material/SpaOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { LifeAreaId } from '@clari/contracts';

const ICONS: Record<LifeAreaId, ComponentType<SvgIconProps>> = {
  family: FamilyRestroomOutlined,
  romantic: FavoriteBorderOutlined,
  career: WorkOutlineOutlined,
  education: SchoolOutlined,
  health: SpaOutlined,
  leisure: BeachAccessOutlined,
  spiritual: SelfImprovementOutlined,
  community: Diversity3Outlined,
  finance: SavingsOutlined,
  social: PeopleOutlined,
};

export function AreaIcon({ area, ...props }: { area: LifeAreaId } & SvgIconProps) {
  const Icon = ICONS[area];
  return <Icon aria-hidden {...props} />;
}
