import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../auth';
import { Loading } from '../../ui';

/** /logOut/: clears the stored session and goes to /login/. */
export function LogoutScreen() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    void signOut().then(() => navigate('/login/', { replace: true }));
  }, [signOut, navigate]);
  return <Loading />;
}
